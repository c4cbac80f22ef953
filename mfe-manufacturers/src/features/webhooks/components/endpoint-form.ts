import type { CreateWebhookEndpointBody, WebhookEndpoint } from 'shared-kit';
import { isHttpUrl, type WebhookEventType } from 'shared-kit/contract';

export interface EndpointFormValues {
  url: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
}

export interface EndpointFormErrors {
  url?: string;
  eventTypes?: string;
}

export const URL_REQUIRED = 'URL is required.';
export const URL_NOT_HTTP = 'URL must be an http:// or https:// address.';
export const EVENTS_REQUIRED = 'Choose at least one event.';

export const NEW_ENDPOINT: EndpointFormValues = { url: '', eventTypes: [], enabled: true };

export const endpointFormValues = (endpoint: WebhookEndpoint): EndpointFormValues => ({
  url: endpoint.url,
  eventTypes: endpoint.event_types as WebhookEventType[],
  enabled: endpoint.enabled,
});

/** What the server would refuse before asking it; whether the host is public only the server can say. */
export function validateEndpointForm(values: EndpointFormValues): EndpointFormErrors {
  const url = values.url.trim();
  return {
    ...(url === '' ? { url: URL_REQUIRED } : !isHttpUrl(url) ? { url: URL_NOT_HTTP } : {}),
    ...(values.eventTypes.length === 0 ? { eventTypes: EVENTS_REQUIRED } : {}),
  };
}

export const endpointBody = (values: EndpointFormValues): CreateWebhookEndpointBody => ({
  url: values.url.trim(),
  event_types: values.eventTypes,
  enabled: values.enabled,
});

/** A 400's message belongs to the event checkboxes when it names them; anything else the server refuses is about the URL. */
export const isEventTypesMessage = (message: string) => message.startsWith('event_types');
