-- Search leaves out the words of a bio or team description a moderator or a platform ban hid: the card
-- reads 'Hidden by a moderator', so finding the person by a word of it would tell the hidden text. The
-- flags are kept by the trigger on hidden_content below (any active mark hides), and the search text is
-- generated from them, so the hot search path reads one row as before.
ALTER TABLE "profiles" ADD COLUMN "bio_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "description_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "bio_hidden" = true WHERE "id" IN (SELECT "target_id" FROM "hidden_content" WHERE "kind" = 'bio' AND "lifted_at" IS NULL);--> statement-breakpoint
UPDATE "teams" SET "description_hidden" = true WHERE "id" IN (SELECT "target_id" FROM "hidden_content" WHERE "kind" = 'team_description' AND "lifted_at" IS NULL);--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(preferred_name, '') || ' ' || case when bio_hidden then '' else coalesce(bio, '') end)) STORED;--> statement-breakpoint
CREATE INDEX "profiles_search_text_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "teams" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || case when description_hidden then '' else coalesce(description, '') end)) STORED;--> statement-breakpoint
CREATE INDEX "teams_search_text_trgm_idx" ON "teams" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Hidden, shown again (lifted), or the mark dropped (a platform ban deleted with its marks): the flag is
-- whether any mark is active, and the row's changed_at moves (sync feeds send the card again). The row is
-- locked first, in a statement of its own: the flag's statement then reads every mark committed before
-- the lock, so a mark lifted here while another queue or a ban adds one leaves it hidden. Only what
-- shows: not a mark's author set to null when their account goes.
CREATE OR REPLACE FUNCTION "touch_after_hidden_content"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mark hidden_content%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN mark := OLD; ELSE mark := NEW; END IF;
  IF mark.kind = 'bio' THEN
    PERFORM 1 FROM profiles WHERE id = mark.target_id FOR NO KEY UPDATE;
    UPDATE profiles SET changed_at = now(),
      bio_hidden = EXISTS (SELECT 1 FROM hidden_content h WHERE h.kind = 'bio' AND h.target_id = mark.target_id AND h.lifted_at IS NULL)
    WHERE id = mark.target_id;
  ELSIF mark.kind = 'team_description' THEN
    PERFORM 1 FROM teams WHERE id = mark.target_id FOR NO KEY UPDATE;
    UPDATE teams SET changed_at = now(),
      description_hidden = EXISTS (SELECT 1 FROM hidden_content h WHERE h.kind = 'team_description' AND h.target_id = mark.target_id AND h.lifted_at IS NULL)
    WHERE id = mark.target_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "hidden_content_touch" ON "hidden_content";--> statement-breakpoint
CREATE TRIGGER "hidden_content_touch" AFTER INSERT OR DELETE OR UPDATE OF "lifted_at" ON "hidden_content"
  FOR EACH ROW EXECUTE FUNCTION "touch_after_hidden_content"();
