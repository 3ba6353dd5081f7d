/** Care records I (docs/care.md): limits and windows SPEC does not give, chosen by Vigil. */

/** The care home's offset from UTC, in minutes (Taiwan, no daylight saving); daily times are local. */
export const CARE_UTC_OFFSET_MINUTES = 480;
/** Minutes in a day: daily times are minutes after local midnight, 0 to this minus one. */
export const MINUTES_PER_DAY = 1440;
/** ISMP: a time-critical dose is late after this many minutes (SPEC's two hours for the others). */
export const MEDICATION_DELAY_TIME_CRITICAL_MINUTES = 30;
/** NICE SC1: the outcome of an as-needed dose is checked this long after it was given. */
export const PRN_EFFECT_CHECK_MINUTES = 60;
/** The window of a PRN medicine's maximum number of doses. */
export const PRN_WINDOW_HOURS = 24;
/** SPEC §5 upload count and size for a package's photos and a record's attachments. */
export const CARE_ATTACHMENT_LIMIT = 5;
export const CARE_ATTACHMENT_MAX_MB = 5;
/** Scheduled doses and schedule occurrences are stored this far ahead by the scheduler. */
export const DOSE_HORIZON_HOURS = 48;
export const OCCURRENCE_HORIZON_DAYS = 14;
/** The most daily times a package may list (Q2H gives twelve). */
export const DAILY_TIMES_MAX = 12;

/* Care records II (docs/care.md "Care records II"). */
/** A pain score above SPEC's 3 asks for a reassessment this long after the assessment. */
export const PAIN_REASSESS_MINUTES = 60;
/** Sites one assessment may mark on the body map. */
export const SYMPTOM_SITES_MAX = 20;
/** Stethoscope recordings: one file per record, SPEC §5's size message above this. */
export const STETHOSCOPE_AUDIO_MAX_MB = 20;
/** Health reports and medical-record attachments (PDF or images). */
export const REPORT_FILE_MAX_MB = 10;
