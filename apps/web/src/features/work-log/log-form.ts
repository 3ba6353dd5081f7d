import dayjs from 'dayjs';
import { z } from 'zod';
import { Shift, ValidationMessage, shiftSchema, workLogCategorySchema, workLogCreate, type WorkLogCreate } from '@vigil/contracts';

/** How many entry rows the form offers; blank rows after the first are left out. */
export const FORM_ENTRIES = 5;
/** Where each shift starts (docs/handover.md): 07:00, 15:00, 23:00. */
export const shiftStartHour: Record<Shift, number> = { [Shift.day]: 7, [Shift.evening]: 15, [Shift.night]: 23 };

const entrySchema = workLogCreate.shape.entries.element;
const formEntry = z.object({
  time: z.number().nullable().optional(),
  member_ids: z.array(z.number()),
  category: workLogCategorySchema.optional(),
  content: z.string(),
  attachments: z.array(z.string()),
});
type FormEntry = z.infer<typeof formEntry>;
const blank = (e: FormEntry) => e.content.trim() === '' && e.category === undefined && e.member_ids.length === 0 && e.attachments.length === 0;
const entryBody = (e: FormEntry) => ({
  time: e.time ?? undefined,
  member_ids: e.member_ids,
  category: e.category,
  content: e.content,
  attachments: e.attachments,
});

/**
 * workLogCreate as the form holds it: a fixed number of entry rows of which the blank ones are
 * dropped (times as unix seconds, as the kit's date fields hold them). Each filled
 * row is checked by the contracts entry rule under its own fields; the server checks again.
 */
export const logForm = z
  .object({
    shift_date: z.number({ error: ValidationMessage.required }),
    shift: shiftSchema,
    summary: z.string(),
    entries: z.array(formEntry),
  })
  .superRefine((form, ctx) => {
    form.entries.forEach((entry, i) => {
      if (i > 0 && blank(entry)) return;
      const checked = entrySchema.safeParse(entryBody(entry));
      for (const issue of checked.success ? [] : checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['entries', i, ...issue.path.map(String)], message: issue.message });
      }
    });
    const summary = workLogCreate.shape.summary.safeParse(form.summary);
    for (const issue of summary.success ? [] : summary.error.issues) ctx.addIssue({ code: 'custom', path: ['summary'], message: issue.message });
  })
  .transform(
    (form): WorkLogCreate => ({
      shift_date: form.shift_date,
      shift: form.shift,
      summary: form.summary,
      entries: form.entries
        .filter((e, i) => i === 0 || !blank(e))
        .map((e) => entrySchema.parse(entryBody(e))),
    }),
  );

/** A new log of the shift running now: its date, its start as the first entry's time. */
export function emptyLog(now = dayjs()) {
  const shift = now.hour() >= 23 || now.hour() < 7 ? Shift.night : now.hour() >= 15 ? Shift.evening : Shift.day;
  const day = shift === Shift.night && now.hour() < 7 ? now.subtract(1, 'day') : now;
  return {
    shift_date: day.startOf('day').unix(),
    shift,
    summary: '',
    entries: Array.from({ length: FORM_ENTRIES }, (_, i) => ({ time: i === 0 ? now.startOf('minute').unix() : null, member_ids: [], content: '', attachments: [] })),
  };
}
