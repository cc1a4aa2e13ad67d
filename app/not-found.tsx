import { NotFoundMessage } from "@/components/shell/not-found-message";

/** A 404 outside the console's shell (an address no route matches): the page's one `<main>`. */
export default function NotFound() {
  return (
    <main>
      <NotFoundMessage />
    </main>
  );
}
