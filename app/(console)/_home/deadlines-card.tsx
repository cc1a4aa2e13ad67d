import { UpcomingDeadlinesCard } from "@/components/calendar/upcoming-deadlines-card";
import { HomeCard, HomeCardFailure } from "@/components/home/home-card";
import type { SessionUser } from "@/lib/auth/require-role";
import { upcomingDeadlines } from "@/lib/calendar/upcoming-deadlines";
import { loadCard } from "@/lib/home/card-data";

/** Filing deadlines in the next 30 days, overdue ones first (from the calendar); nothing for a role without it. */
export async function DeadlinesCard({ user }: { user: SessionUser }) {
  const data = await loadCard("filing deadlines", () => upcomingDeadlines(user, 30));
  if (data.failure !== undefined) {
    return (
      <HomeCard title="Filing deadlines" href="/calendar" linkLabel="Open the calendar">
        <HomeCardFailure failure={data.failure} />
      </HomeCard>
    );
  }
  return data.value ? <UpcomingDeadlinesCard deadlines={data.value} /> : null;
}
