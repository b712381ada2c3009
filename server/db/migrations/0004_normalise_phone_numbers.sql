-- Phone numbers are stored in E.164 ("+2348031234567"). Until now they were stored as
-- typed, digits only: "08031234567", "8031234567", "2348031234567", "23408031234567", or
-- a number from elsewhere with its country code but without the "+" the form refused.
-- Nigerian ones become +234 and their ten national digits; other numbers of 11 to 14
-- digits get their "+". A number that fits neither (a Nigerian one of the wrong length)
-- is left as it was: the profile form shows it, and asks for a valid one when saved.
UPDATE "users" SET "phone_number" = CASE
  WHEN "phone_number" ~ '^(234)?0?[1-9][0-9]{9}$' THEN '+234' || right("phone_number", 10)
  WHEN "phone_number" ~ '^[1-9][0-9]{10,13}$' AND "phone_number" !~ '^234' THEN '+' || "phone_number"
  ELSE "phone_number"
END
WHERE "phone_number" ~ '^[0-9]+$';
--> statement-breakpoint
UPDATE "contact_messages" SET "phone_number" = CASE
  WHEN "phone_number" ~ '^(234)?0?[1-9][0-9]{9}$' THEN '+234' || right("phone_number", 10)
  WHEN "phone_number" ~ '^[1-9][0-9]{10,13}$' AND "phone_number" !~ '^234' THEN '+' || "phone_number"
  ELSE "phone_number"
END
WHERE "phone_number" ~ '^[0-9]+$';
