import { Construction } from "lucide-react";
import { notFound } from "next/navigation";
import { guardPage } from "@/lib/auth/guard-page";
import { sections } from "@/lib/navigation/sections";

/**
 * The sections that later issues build. Until a section has a page of its own (which takes
 * precedence over this route), it says plainly that it is not available yet and shows no data.
 */
export default async function SectionNotAvailableYet({ params }: PageProps<"/[section]">) {
  const { section: slug } = await params;
  const section = sections.find((s) => s.href === `/${slug}` && !s.available);
  if (!section) notFound();
  await guardPage(section.capability);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
      <Construction className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold">{section.label}</h1>
      <p className="text-muted-foreground">{section.purpose}</p>
      <p role="status" className="rounded-md border border-dashed px-4 py-2 text-sm">
        This section is not available yet. Nothing here is connected to the registry, so it shows no data.
      </p>
    </div>
  );
}
