import { z } from 'zod';

/** What a transaction on an invoice is: money in or money back; `transactions.kind` allows the same. */
export const transactionKinds = ['payment', 'refund'] as const;
export type TransactionKind = (typeof transactionKinds)[number];

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const transactionKindSchema = /* @__PURE__ */ z.enum(transactionKinds);

/** Where a transaction stands at the gateway; `transactions.status` allows the same. */
export const transactionStatuses = ['pending', 'succeeded', 'failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const transactionStatusSchema = /* @__PURE__ */ z.enum(transactionStatuses);
