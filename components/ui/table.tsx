import * as React from "react";
import { cn } from "@/lib/cn.shared";
import { TableScrollBox } from "./table-scroll-box";

/**
 * A table in a box that scrolls sideways when it is wider than the page. `stacked` folds it into one block per row
 * on a phone instead (the `table-stacked` utility in app/globals.css): give its cells a `data-label`, their column's
 * name, which then leads each cell.
 */
export function Table({ className, stacked, ...props }: React.ComponentProps<"table"> & { stacked?: boolean }) {
  return (
    <TableScrollBox label={props["aria-label"]}>
      <table className={cn("w-full caption-bottom text-sm", stacked && "table-stacked", className)} {...props} />
    </TableScrollBox>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return <tfoot className={cn("border-t bg-muted/50 font-medium [&>tr]:last:border-b-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted", className)} {...props} />;
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground [&:has([role=checkbox])]:pr-0",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("p-2 align-middle [&:has([role=checkbox])]:pr-0", className)} {...props} />;
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}
