import type { APIRoute } from 'astro';
import { json } from '~/server/http/api';

export const prerender = false;

/**
 * Liveness: the process answers. Nothing behind it is asked, so a slow database or payment
 * provider never gets a healthy site restarted; /api/ready says whether it can do its work.
 */
export const GET: APIRoute = () => json(200, { status: 'ok' });
