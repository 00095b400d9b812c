/** Onboarding while already in a syndicate: "Create or join another" in the header's syndicate menu. */
export const NEW_SYNDICATE_PATH = '/syndicates/new';
