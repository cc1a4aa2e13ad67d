"use client";

import type * as React from "react";
import { useSyncExternalStore } from "react";
import type { ToastVariant } from "@/components/ui/toast";

export interface ToastInput {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

const LIMIT = 3;
const REMOVE_DELAY_MS = 1000;
const EMPTY: readonly ToastItem[] = [];

let toasts: readonly ToastItem[] = EMPTY;
let nextId = 0;
const listeners = new Set<() => void>();

function setToasts(next: readonly ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function dismiss(id: string) {
  if (!toasts.some((t) => t.id === id && t.open)) return;
  setToasts(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
}

export function toast(input: ToastInput) {
  const id = String(++nextId);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function useToast() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
  return { toasts: current, toast, dismiss };
}
