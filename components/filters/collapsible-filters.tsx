"use client";

import { SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn.shared";

/**
 * A filter form's fields, folded behind a "Filters" button on a narrow screen (a phone sees the list first) and always
 * shown on a wide one. Placed inside a form, its children stay the form's own flex items; around a whole form, give it
 * `panelClassName="block"`.
 */
export function CollapsibleFilters({
  active,
  panelClassName = "contents",
  children,
}: {
  /** How many filters are set: the button says so while they are hidden. */
  active: number;
  panelClassName?: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        <SlidersHorizontal aria-hidden />
        Filters{active > 0 && ` (${active} set)`}
      </Button>
      <div id={id} className={cn(panelClassName, !open && "max-md:hidden")}>
        {children}
      </div>
    </>
  );
}
