/** The words about whose days the dashboard counts (the seller's time zone), in English. */
export const daysEn = {
  days: {
    /** Under the overview's period: `name` is the zone's long name, `zone` its IANA id. */
    zoneNote: (name: string, zone: string) => `Days in ${name} (${zone}); today is included.`,
  },
};

/** The days strings' shape, which every language implements. */
export type DaysStrings = typeof daysEn;
