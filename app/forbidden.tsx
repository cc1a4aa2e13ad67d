import Link from "next/link";
import { ShieldX } from "lucide-react";

/**
 * The 403 page. Only a console page refuses a role (every role may use the console), so this shows inside the
 * console's shell, in its `<main>`: a second one here would be a second main landmark.
 */
export default function Forbidden() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-8 text-center">
      <ShieldX className="size-10 text-destructive" aria-hidden />
      <h1 className="text-2xl font-semibold">403 · Not allowed</h1>
      <p className="max-w-md text-muted-foreground">
        Your role does not give access to this page. If you need it, ask an administrator to change your role.
      </p>
      <Link href="/" className="text-primary underline-offset-4 hover:underline">
        Back to the console
      </Link>
    </div>
  );
}
