/** Types of events.js (plain JavaScript, served to the page as it is). */
export declare function readableTime(iso: string, timeZone?: string): string;
export declare function eventItem(event: { occurredAt: string; type: string; status: string | null }, document: Document, timeZone?: string): HTMLLIElement;
