/**
 * Imported first by server/index.ts: React picks its production or development build from NODE_ENV the
 * moment it is first imported, which happens while the server's own imports load. Production is the
 * default of the configuration (server/config.ts), so it is set here before anything imports React.
 */
process.env.NODE_ENV ||= "production";
