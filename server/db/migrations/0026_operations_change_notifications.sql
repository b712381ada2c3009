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
    'contact_messages', 'carts', 'cart_items', 'reviews', 'today_marks', 'users'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION notify_operations_changed()',
      watched || '_operations_changed', watched);
  END LOOP;
END
$$;
