-- The daily summary is off unless switched on (issue 25, ADR 036). Before it was built, saving any email
-- setting wrote every category, the hidden summary as true; nobody could have chosen it, so it is dropped
-- (absent now means off).
UPDATE "users" SET "email_prefs" = "email_prefs" - 'summaries' WHERE "email_prefs" ? 'summaries';
