-- Migration 0026's count, with the events' rows updated one at a time in id order: one UPDATE joined
-- with the changes locked them in whatever order its plan read them, so two transactions changing the
-- same events (two people switching their profile's flag, each taking part in both) could each hold one
-- row the other waits for, and PostgreSQL would end one of them as a deadlock.
CREATE OR REPLACE FUNCTION "events_count_looking"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_in uuid[] := '{}';
  before_in uuid[] := '{}';
  change record;
BEGIN
  IF TG_OP <> 'DELETE' THEN now_in := NEW.looking_event_ids; END IF;
  IF TG_OP <> 'INSERT' THEN before_in := OLD.looking_event_ids; END IF;
  FOR change IN
    SELECT id, sum(delta)::int AS delta
      FROM (SELECT unnest(now_in) AS id, 1 AS delta UNION ALL SELECT unnest(before_in), -1) c
      GROUP BY id HAVING sum(delta) <> 0 ORDER BY id
  LOOP
    UPDATE events SET looking_count = looking_count + change.delta WHERE id = change.id;
  END LOOP;
  RETURN NULL;
END $$;
