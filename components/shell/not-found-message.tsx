import Link from "next/link";

/** What a 404 says, inside whichever landmark holds it (the console's `<main>`, or the bare page's). */
export function NotFoundMessage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-2xl font-semibold">404 · Not found</h1>
      <p className="text-muted-foreground">There is no page at this address.</p>
      <Link href="/" className="text-primary underline-offset-4 hover:underline">
        Back to the console
      </Link>
    </div>
  );
}
