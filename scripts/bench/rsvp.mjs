// RSVPs over HTTP: the administrator invites the workers to one appointment, then each worker answers for
// itself, accepting and declining in turn (PUT /appointments/<id>/participants/me), all on the one
// appointment stream, as the answers to a popular event arrive.
import { acceptedOf, perSecond, runLoad, summarize } from './stats.mjs';

export const rsvpPhase = async ({ admin, workers, total, maxMs }) => {
  const calendars = await admin.request('GET', '/calendars');
  const calendarId = calendars.body?.calendars?.find((calendar) => calendar.type === 'network')?.id;
  if (!calendarId) throw new Error(`GET /calendars answered ${calendars.status} without a network calendar`);
  const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 6, 9));
  const created = await admin.request('POST', '/appointments', {
    appointment: { name: `RSVP bench ${Date.now()}`, calendar_ids: [calendarId], date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' } },
  });
  if (created.status >= 300) throw new Error(`POST /appointments answered ${created.status}: ${JSON.stringify(created.body).slice(0, 200)}`);
  const id = created.body.id;
  const invited = await admin.request('POST', `/appointments/${id}/participants`, { participant: { membership_ids: workers.map((w) => w.memberId), status: 'invited' }, apply_to: 'all' });
  if (invited.status >= 300) throw new Error(`POST /appointments/${id}/participants answered ${invited.status}: ${JSON.stringify(invited.body).slice(0, 200)}`);
  const answered = workers.map(() => 0);
  const run = await runLoad({
    total,
    concurrency: workers.length,
    maxMs,
    task: async (_i, w) => {
      const status = answered[w]++ % 2 === 0 ? 'accepted' : 'declined';
      return (await workers[w].request('PUT', `/appointments/${id}/participants/me`, { participant: { status } })).status;
    },
  });
  const accepted = acceptedOf(run.outcomes);
  if (accepted < run.done / 2) throw new Error(`RSVPs: only ${accepted} of ${run.done} accepted (${JSON.stringify(run.outcomes)})`);
  return { per_s: perSecond(accepted, run.durationMs), accepted, attempted: run.done, outcomes: run.outcomes, latency: summarize(run.latencies) };
};
