/**
 * The customer's own side of the reservation service: what answers with the token of their page
 * (/ma-reservation/{token}) alone, no session. The token is the secret (192 bits; only its sha256 is
 * stored): anything else is answered 404 as an unknown one.
 */
import { z } from 'zod';

export const customerTokenParams = z.object({
  token: z.string().max(200).describe('The token of the customer’s page, as its link carries it (48 hexadecimal characters).'),
});

/** The reservation as an iCalendar file (RFC 5545): one event, to add to a calendar. */
export const calendarFile = z.string().describe('text/calendar; charset=utf-8: one VEVENT, its start in UTC (the arrival time, Europe/Paris), 2 h 30 for lunch, 3 h for dinner.');
