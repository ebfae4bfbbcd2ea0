/** The console layout's route id (app/routes.ts), whose data carries the operator's language and texts. */
export const adminLayoutId = "admin-layout";
