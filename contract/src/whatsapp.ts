/**
 * The assistant's WhatsApp webhook (assistant service, /api/whatsapp/webhook), as Meta's WhatsApp Cloud
 * API calls it: GET once to verify the subscription (hub.mode, hub.verify_token, hub.challenge), then
 * POST for each delivery (signed: X-Hub-Signature-256). The delivery's schema is Meta's, lenient: fields
 * this service does not read are kept as they come, a field Meta may leave out is optional.
 */
import { z } from 'zod';
import { contractSchemas } from './requests';

export const whatsappVerification = z.object({
  'hub.mode': z.string().optional().describe('`subscribe`.'),
  'hub.verify_token': z.string().optional().describe('The token set in Meta’s app dashboard: WHATSAPP_VERIFY_TOKEN.'),
  'hub.challenge': z.string().optional().describe('Echoed back as text/plain once the token matches.'),
});

export const whatsappChallenge = z.string().describe('hub.challenge, as text/plain.');

/** A customer's message, as Meta delivers it; text for `text`, the tapped button's for `button` and `interactive`. */
const whatsappInboundMessage = z.looseObject({
  from: z.string().optional().describe('The customer’s WhatsApp number (wa_id, digits).'),
  id: z.string().optional().describe('WhatsApp’s id of the message (wamid): a message delivered twice is answered once.'),
  timestamp: z.string().optional(),
  type: z.string().optional().describe('text, audio, image, video, sticker, document, location, contacts, button, interactive, reaction, unsupported…'),
  text: z.looseObject({ body: z.string().optional() }).optional(),
  audio: z.looseObject({ voice: z.boolean().optional() }).optional().describe('`voice`: a voice note.'),
  button: z.looseObject({ text: z.string().optional() }).optional().describe('A quick reply button of a template, tapped.'),
  interactive: z
    .looseObject({
      type: z.string().optional(),
      button_reply: z.looseObject({ id: z.string().optional(), title: z.string().optional() }).optional(),
      list_reply: z.looseObject({ id: z.string().optional(), title: z.string().optional() }).optional(),
    })
    .optional()
    .describe('A reply button or list row, tapped.'),
});

const whatsappChangeValue = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z
    .looseObject({
      display_phone_number: z.string().optional(),
      phone_number_id: z.string().optional().describe('Meta’s id of the business number written to: the restaurant’s (public.set_whatsapp_number).'),
    })
    .optional(),
  contacts: z.array(z.looseObject({ wa_id: z.string().optional(), profile: z.looseObject({ name: z.string().optional() }).optional() })).optional(),
  messages: z.array(whatsappInboundMessage).optional().describe('The customers’ messages; a delivery of statuses (sent, delivered, read) has none.'),
  statuses: z.array(z.unknown()).optional(),
});

export const whatsappDelivery = z
  .looseObject({
    object: z.string().optional().describe('`whatsapp_business_account`.'),
    entry: z
      .array(
        z.looseObject({
          id: z.string().optional().describe('The WhatsApp Business Account.'),
          changes: z.array(z.looseObject({ field: z.string().optional().describe('`messages`.'), value: whatsappChangeValue.optional() })).optional(),
        }),
      )
      .optional(),
  })
  .register(contractSchemas, { id: 'WhatsAppDelivery' });

export const whatsappReceived = z
  .object({ received: z.literal(true).describe('The delivery is taken: its messages answered, or ignored (an unknown number, a message seen before, a status).') })
  .register(contractSchemas, { id: 'WhatsAppReceived' });

export type WhatsAppDelivery = z.output<typeof whatsappDelivery>;
export type WhatsAppInboundMessage = z.output<typeof whatsappInboundMessage>;
