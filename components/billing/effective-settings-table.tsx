import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { highUsageFields, type ResolvedHighUsage } from "@/lib/billing/override-comparison.shared";
import { highUsageSettings, ResolvedSettingWords, SettingLabel } from "./high-usage-setting";

/** A workspace's five high-usage settings: each one's effective value and where it comes from, in words. */
export function EffectiveSettingsTable({ resolved, label }: { resolved: ResolvedHighUsage; label: string }) {
  return (
    <Table aria-label={label} stacked>
      <TableHeader>
        <TableRow>
          <TableHead className="w-56">Setting</TableHead>
          <TableHead>Effective value and where it comes from</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {highUsageFields.map((field) => (
          <TableRow key={field} data-setting={field}>
            <TableCell className="align-top font-medium">
              <SettingLabel {...highUsageSettings[field]} />
            </TableCell>
            <TableCell className={resolved[field].source === "workspace" ? "align-top font-medium" : "align-top"}>
              <ResolvedSettingWords setting={resolved[field]} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
