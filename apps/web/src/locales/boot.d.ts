/** `./<locale>.json?boot`: the same JSON imported as a separate, tree-shakable module (see boot-*.ts). */
declare module '*.json?boot' {
  type Messages = Record<string, unknown>;
  export const app: Messages;
  export const error: Messages;
  export const language: Messages;
  export const login: Messages;
  export const shell: Messages;
  export const theme: Messages;
  export const validation: Messages;
}
