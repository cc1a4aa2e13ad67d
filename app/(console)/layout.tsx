import { ConsoleProviders } from "@/components/shell/console-providers";
import { Sidebar } from "@/components/shell/sidebar";
import { UserMenu } from "@/components/shell/user-menu";
import { guardPage } from "@/lib/auth/guard-page";
import { canOpen, roles, sections } from "@/lib/auth/roles";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  // Pages check their own roles too: a layout does not re-run on every navigation.
  const user = await guardPage(roles);
  const visible = sections.filter((s) => canOpen(user.role, s)).map(({ href, label }) => ({ href, label }));
  return (
    <ConsoleProviders>
      <div className="flex min-h-screen">
        <Sidebar sections={visible} />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 items-center justify-end gap-3 border-b px-4 md:px-6">
            {/* The active registry connection (and its Sandbox band) joins here with the connections issue. */}
            <UserMenu email={user.email} name={user.name} role={user.role} />
          </header>
          <main className="flex-1 p-4 md:p-6">{children}</main>
        </div>
      </div>
    </ConsoleProviders>
  );
}
