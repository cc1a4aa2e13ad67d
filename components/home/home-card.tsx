import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type HomeCardProps = {
  title: string;
  /** Where the card's whole list lives. */
  href: string;
  linkLabel: string;
  description?: string;
  children: React.ReactNode;
};

/** One card of the home page: a titled summary that links to the section holding the whole list. */
export function HomeCard({ title, href, linkLabel, description, children }: HomeCardProps) {
  const id = `home-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Card aria-labelledby={id} role="region" className="flex flex-col">
      <CardHeader>
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex-1 space-y-3 text-sm">
        {children}
        <p>
          <Link href={href} className="text-primary underline-offset-4 hover:underline">
            {linkLabel}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

/** What a card shows while its reads run (each card streams in on its own). */
export function HomeCardLoading({ title }: { title: string }) {
  return (
    <Card aria-busy="true" className="flex flex-col">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">Reading…</CardContent>
    </Card>
  );
}

/** A card whose reads failed: the reason, in place; the other cards are unaffected. */
export function HomeCardFailure({ failure }: { failure: string }) {
  return (
    <p role="alert" className="text-destructive">
      {failure}
    </p>
  );
}

/** A card's empty state, in words. */
export function HomeCardEmpty({ children }: { children: React.ReactNode }) {
  return <p className="text-muted-foreground">{children}</p>;
}
