import { z } from 'zod';
import type { ServiceRef } from './types';

// The support pages' rules and the JSON their endpoints answer: one module for the server that
// checks and builds it and the browser that fills in and renders it, so a limit never differs.

export const departments = ['technical', 'billing', 'sales'] as const;
export type Department = (typeof departments)[number];

/** open: waiting for us; answered: waiting for the customer; closed. */
export const ticketStatuses = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** As the database checks them (20261121120600_support.sql), after trimming. */
export const subjectLength = { min: 3, max: 150 } as const;
export const messageMaxLength = 10_000;

export const isDepartment = (value: unknown): value is Department =>
	departments.includes(value as Department);

// Pure: browser code that needs only the lists or the types leaves zod out of its bundle.
export const departmentSchema = /* @__PURE__ */ z.enum(departments);
export const ticketStatusSchema = /* @__PURE__ */ z.enum(ticketStatuses);

/** One row of the ticket list. */
export interface TicketRow {
	id: string;
	subject: string;
	department: Department;
	status: TicketStatus;
	service: ServiceRef | null;
	createdAt: string;
	/** The newest message's time (the ticket's own when it has none). */
	lastReplyAt: string;
}

/** GET /api/panel/tickets: the list, and the customer's servers for the new-ticket form. */
export interface TicketList {
	tickets: TicketRow[];
	services: ServiceRef[];
}

export interface TicketMessage {
	id: string;
	author: 'customer' | 'staff';
	body: string;
	at: string;
}

/** GET /api/panel/tickets/{id}: the ticket and every message, oldest first. */
export interface TicketThread {
	id: string;
	subject: string;
	department: Department;
	status: TicketStatus;
	service: ServiceRef | null;
	createdAt: string;
	messages: TicketMessage[];
}

/** What POST /api/tickets takes (plus `locale`). */
export interface NewTicket {
	subject: string;
	department: Department;
	serviceId: string | null;
	message: string;
}
