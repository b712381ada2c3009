-- Every change to what the staff's customer book and Today read is announced on the
-- 'operations_changed' channel (delivered at commit), so each app instance can drop its
-- cached answers of those screens, as 'catalog_changed' does for the shop's catalogue.
CREATE FUNCTION notify_operations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('operations_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'orders', 'order_events', 'order_lines', 'order_payments', 'order_quotes', 'payment_requests',
    'transfer_notices', 'customers', 'customer_accounts', 'customer_contacts', 'customer_notes',
    'contact_messages', 'reviews', 'today_marks'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION notify_operations_changed()',
      watched || '_operations_changed', watched);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Accounts: only what the book and Today show of them. A sign-in stamps last_seen_at on
-- every visit, which must not empty the staff's answers each time.
CREATE TRIGGER users_operations_changed AFTER INSERT OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_operations_changed();
--> statement-breakpoint
CREATE TRIGGER users_operations_details_changed
  AFTER UPDATE OF username, email, phone_number, role, staff_roles, staff_status ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_operations_changed();
--> statement-breakpoint
-- Carts: only signed-in customers' (Today chases those); a guest's cart changes at every
-- tap and is nobody's follow-up.
CREATE FUNCTION notify_operations_cart_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM carts WHERE id = COALESCE(NEW.cart_id, OLD.cart_id) AND user_id IS NOT NULL
  ) THEN
    PERFORM pg_notify('operations_changed', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER carts_operations_changed AFTER INSERT OR UPDATE ON carts
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION notify_operations_changed();
--> statement-breakpoint
CREATE TRIGGER carts_operations_removed AFTER DELETE ON carts
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL) EXECUTE FUNCTION notify_operations_changed();
--> statement-breakpoint
CREATE TRIGGER carts_operations_truncated AFTER TRUNCATE ON carts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_operations_changed();
--> statement-breakpoint
CREATE TRIGGER cart_items_operations_changed AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION notify_operations_cart_item_changed();
--> statement-breakpoint
CREATE TRIGGER cart_items_operations_truncated AFTER TRUNCATE ON cart_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_operations_changed();
