-- =============================================================================================
-- Billing: orders, invoices and their lines, payments, saved payment methods, gateway events.
-- Money is written only by the server (service role). Customers read their own rows.
-- =============================================================================================

create table public.orders (
	id uuid primary key default gen_random_uuid(),
	user_id uuid not null references auth.users (id) on delete cascade,
	service_id uuid references public.services (id) on delete set null,
	idempotency_key text not null check (char_length(idempotency_key) between 8 and 100),
	status text not null default 'pending' check (status in ('pending', 'paid', 'cancelled', 'failed')),
	currency public.currency_code not null,
	subtotal public.money_minor not null,
	discount public.money_minor not null default 0,
	discount_code text,
	discount_percent numeric(5, 2) not null default 0 check (discount_percent between 0 and 100),
	tax_rate numeric(5, 2) not null check (tax_rate between 0 and 100),
	tax public.money_minor not null,
	total public.money_minor not null,
	created_at timestamptz not null default now(),
	unique (user_id, idempotency_key),
	check (total = subtotal - discount + tax)
);

comment on table public.orders is 'A purchase from the cart; becomes an invoice and a service.';
comment on column public.orders.idempotency_key is
	'Chosen by the browser per checkout attempt, so a double click never makes two orders.';
comment on column public.orders.tax_rate is 'VAT rate in percent that applied, e.g. 25.00.';

create index orders_user_id_idx on public.orders (user_id);

-- ---------------------------------------------------------------------------------------------
-- Invoices and their lines
-- ---------------------------------------------------------------------------------------------

create table private.invoice_number_counters (
	year integer primary key,
	last_number integer not null default 0
);

comment on table private.invoice_number_counters is
	'Last invoice number used per year; locked row by row so numbers never repeat or skip.';

create or replace function private.next_invoice_number(issued_at timestamptz default now())
returns text
language plpgsql
set search_path = ''
as $$
declare
	invoice_year integer := extract(year from issued_at at time zone 'UTC');
	next_number integer;
begin
	insert into private.invoice_number_counters as c (year, last_number)
		values (invoice_year, 1)
		on conflict (year) do update set last_number = c.last_number + 1
		returning last_number into next_number;
	return format('INV-%s-%s', invoice_year, lpad(next_number::text, 6, '0'));
end;
$$;

comment on function private.next_invoice_number(timestamptz) is
	'Next sequential invoice number of the year, e.g. INV-2026-000123.';

create table public.invoices (
	id uuid primary key default gen_random_uuid(),
	number text not null unique default private.next_invoice_number(),
	user_id uuid not null references auth.users (id) on delete cascade,
	service_id uuid references public.services (id) on delete set null,
	order_id uuid references public.orders (id) on delete set null,
	kind text not null check (kind in ('new', 'renewal', 'upgrade')),
	status text not null default 'unpaid' check (status in ('unpaid', 'paid', 'overdue', 'cancelled', 'refunded')),
	currency public.currency_code not null,
	subtotal public.money_minor not null,
	discount public.money_minor not null default 0,
	tax_rate numeric(5, 2) not null check (tax_rate between 0 and 100),
	tax public.money_minor not null,
	late_fee public.money_minor not null default 0,
	total public.money_minor not null,
	period_start timestamptz,
	period_end timestamptz,
	issued_at timestamptz not null default now(),
	due_at timestamptz not null,
	paid_at timestamptz,
	billing_name text not null default '',
	billing_company text not null default '',
	billing_address text not null default '',
	billing_postal_code text not null default '',
	billing_city text not null default '',
	billing_country public.country_code,
	billing_vat_number text not null default '',
	created_at timestamptz not null default now(),
	updated_at timestamptz not null default now(),
	check (total = subtotal - discount + tax + late_fee),
	check (discount <= subtotal),
	check ((status = 'paid') = (paid_at is not null) or status = 'refunded')
);

comment on table public.invoices is
	'A bill: for a new order, a renewal or an upgrade. Amounts are frozen when issued.';
comment on column public.invoices.late_fee is
	'Days overdue times the daily fee; a line of its own, updated by each billing run, not taxed.';
comment on column public.invoices.billing_name is
	'Copy of the customer''s name and address when issued, so later profile edits do not rewrite it.';

create index invoices_user_id_idx on public.invoices (user_id, issued_at desc);
create index invoices_service_id_idx on public.invoices (service_id);
create index invoices_open_idx on public.invoices (due_at) where status in ('unpaid', 'overdue');

create trigger invoices_touch before update on public.invoices
	for each row execute function private.touch_updated_at();

create table public.invoice_items (
	id uuid primary key default gen_random_uuid(),
	invoice_id uuid not null references public.invoices (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	position integer not null default 1,
	kind text not null check (kind in ('service', 'upgrade', 'late_fee', 'credit')),
	description text not null check (char_length(description) between 1 and 300),
	quantity integer not null default 1 check (quantity > 0),
	unit_amount public.money_minor not null,
	amount public.money_minor not null,
	taxable boolean not null default true,
	check (amount = unit_amount * quantity)
);

comment on table public.invoice_items is 'The lines of an invoice; late fees are lines of their own.';
comment on column public.invoice_items.user_id is 'Owner of the invoice, copied so the policy needs no join.';

create index invoice_items_invoice_idx on public.invoice_items (invoice_id, position);
create index invoice_items_user_id_idx on public.invoice_items (user_id);

-- ---------------------------------------------------------------------------------------------
-- Payments
-- ---------------------------------------------------------------------------------------------

create table public.transactions (
	id uuid primary key default gen_random_uuid(),
	invoice_id uuid not null references public.invoices (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	kind text not null check (kind in ('payment', 'refund')),
	gateway text not null check (gateway in ('stripe', 'test')),
	gateway_reference text not null unique,
	amount public.money_minor not null,
	currency public.currency_code not null,
	status text not null check (status in ('pending', 'succeeded', 'failed')),
	created_at timestamptz not null default now()
);

comment on table public.transactions is 'Money that moved (or tried to) for an invoice, as the gateway reported it.';
comment on column public.transactions.gateway_reference is
	'The gateway''s id (e.g. Stripe payment intent); unique, so a replayed event cannot pay twice.';

create index transactions_invoice_idx on public.transactions (invoice_id);
create index transactions_user_id_idx on public.transactions (user_id);

create table public.payment_methods (
	id uuid primary key default gen_random_uuid(),
	user_id uuid not null references auth.users (id) on delete cascade,
	gateway text not null check (gateway in ('stripe', 'test')),
	gateway_reference text not null unique,
	brand text not null,
	last4 text not null check (last4 ~ '^[0-9]{4}$'),
	exp_month integer not null check (exp_month between 1 and 12),
	exp_year integer not null check (exp_year between 2000 and 2100),
	is_default boolean not null default false,
	created_at timestamptz not null default now()
);

comment on table public.payment_methods is
	'References to cards saved at the gateway for renewals; never card numbers.';

create index payment_methods_user_id_idx on public.payment_methods (user_id);
create unique index payment_methods_one_default on public.payment_methods (user_id) where is_default;

create table public.payment_events (
	id text primary key,
	gateway text not null check (gateway in ('stripe', 'test')),
	type text not null,
	received_at timestamptz not null default now()
);

comment on table public.payment_events is
	'Gateway event ids already processed: inserting first makes each webhook take effect once.';

-- ---------------------------------------------------------------------------------------------
-- Row-level security: owners read; only the server writes
-- ---------------------------------------------------------------------------------------------

alter table public.orders enable row level security;
alter table public.invoices enable row level security;
alter table public.invoice_items enable row level security;
alter table public.transactions enable row level security;
alter table public.payment_methods enable row level security;
alter table public.payment_events enable row level security;

create policy "Customers read their own orders" on public.orders
	for select to authenticated using ((select auth.uid()) = user_id);
create policy "Customers read their own invoices" on public.invoices
	for select to authenticated using ((select auth.uid()) = user_id);
create policy "Customers read their own invoice lines" on public.invoice_items
	for select to authenticated using ((select auth.uid()) = user_id);
create policy "Customers read their own transactions" on public.transactions
	for select to authenticated using ((select auth.uid()) = user_id);
create policy "Customers read their own payment methods" on public.payment_methods
	for select to authenticated using ((select auth.uid()) = user_id);
-- payment_events: no policy at all; only the service role (which bypasses RLS) touches it.

revoke insert, update, delete on public.orders, public.invoices, public.invoice_items,
	public.transactions, public.payment_methods from anon, authenticated;
revoke all on public.payment_events from anon, authenticated;
