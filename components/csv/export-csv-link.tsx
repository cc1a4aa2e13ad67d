import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The "Export CSV" button of a list page: a plain download link to its export route, carrying the page's filters. */
export function ExportCsvLink({ href, label = "Export CSV" }: { href: string; label?: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download>
        <Download className="size-4" aria-hidden /> {label}
      </a>
    </Button>
  );
}
