/** Every address of the staff console, in one place (the README names the first). */
export const staffBase = "/staff";
export const staffPaths = {
  home: staffBase,
  signIn: `${staffBase}/sign-in`,
  signOut: `${staffBase}/sign-out`,
  invitation: `${staffBase}/invitation`,
  registerOptions: `${staffBase}/webauthn/register/options`,
  registerVerify: `${staffBase}/webauthn/register/verify`,
  signInOptions: `${staffBase}/webauthn/sign-in/options`,
  signInVerify: `${staffBase}/webauthn/sign-in/verify`,
  language: `${staffBase}/language`,
  leads: `${staffBase}/leads`,
  held: `${staffBase}/held`,
  deliveries: `${staffBase}/deliveries`,
  redeliver: `${staffBase}/deliveries/redeliver`,
  exportPage: `${staffBase}/export`,
  exportFile: `${staffBase}/export/file`,
  health: `${staffBase}/health`,
  backup: `${staffBase}/health/backup`,
  people: `${staffBase}/people`,
  audit: `${staffBase}/audit`,
  assets: `${staffBase}/assets`,
} as const;
