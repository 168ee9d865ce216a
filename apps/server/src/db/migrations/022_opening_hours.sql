-- Issue 16: opening hours per weekday in the shop's time zone, and the owner's "closed today" switch.
-- weekly_hours: {"mon": {"open": "09:30", "close": "20:00"} | null, ... "sun": ...}; null is a day the shop is closed.
-- Every shop starts on the hours the old free-text default promised: every day 9:30 AM – 8:00 PM.
ALTER TABLE shops
  ADD COLUMN weekly_hours jsonb NOT NULL DEFAULT '{"mon":{"open":"09:30","close":"20:00"},"tue":{"open":"09:30","close":"20:00"},"wed":{"open":"09:30","close":"20:00"},"thu":{"open":"09:30","close":"20:00"},"fri":{"open":"09:30","close":"20:00"},"sat":{"open":"09:30","close":"20:00"},"sun":{"open":"09:30","close":"20:00"}}',
  ADD COLUMN time_zone text NOT NULL DEFAULT 'Asia/Kolkata',
  -- The shop's local date the owner closed it for; any other day it counts for nothing, so it resets by itself.
  ADD COLUMN closed_on date;
-- is_open was never written by anything (the owner's toggle was local to the screen); closed_on replaces it.
ALTER TABLE shops DROP COLUMN is_open;
