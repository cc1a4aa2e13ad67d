import * as React from "react";
import { cn } from "@/lib/cn.shared";

/** The browser's own `<select>`, styled like the other fields: light, and fully keyboard- and form-native. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      {...props}
    />
  );
}
