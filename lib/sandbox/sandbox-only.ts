import "server-only";
/** The one wording for a production connection on the sandbox tools. */
export const sandboxOnly = (connectionName: string) =>
  `The sandbox tools are for sandbox connections only: ${connectionName} is a production connection, so nothing here can change it.`;
