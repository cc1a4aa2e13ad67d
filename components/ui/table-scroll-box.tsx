"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn.shared";

/**
 * The box a table scrolls in when it is wider than the page (or taller than a height `className` sets). While it
 * overflows it is a tab stop, so keyboard users can scroll to the hidden columns or rows with the arrow keys
 * (WCAG 2.1.1); a table that fits adds no tab stop.
 */
export function TableScrollBox({ label, className, children }: { label?: string; className?: string; children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The table inside grows with its rows without resizing the box.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      className={cn(
        "relative w-full overflow-auto rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
      {...(overflows && { tabIndex: 0, role: "region", "aria-label": label ?? "Table (scrolls sideways)" })}
    >
      {children}
    </div>
  );
}
