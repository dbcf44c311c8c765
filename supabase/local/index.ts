// The package's whole interface: start a stack (servers, database, mailbox) and stop it. Everything
// else is reached over HTTP, as with the official stack or a hosted project; the README says what is
// served, what is refused and what is left out.

export { startLocalStack } from './stack.ts';
export type { LocalStack, LocalStackOptions, SqlSession } from './stack.ts';
export { DEFAULTS as LOCAL_STACK_DEFAULTS } from './config.ts';
export { updateEnvFile } from './env-file.ts';
export { redactedUrl } from './db/redacted-url.ts';
export type { MailMessage } from './mailbox/store.ts';
