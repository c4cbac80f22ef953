/** A system user (staff or the superuser) as the audit log names them. */
export interface SystemUserActor {
  systemUserId: number;
}

/** A customer signed in to the portal as the audit log names them. */
export interface CustomerActor {
  endUserId: number;
}

/** A manufacturer's API key as the audit log names it (History: "API key <name> (<prefix>…)"). */
export interface ApiKeyActor {
  apiKeyId: number;
}

/**
 * Who acted, as the audit log records it: a system user, a customer, an API key, or nobody of these (null: a plugin or an
 * operator command). Structural, so data code takes any principal without depending on the scope that made it.
 */
export type AuditActor = SystemUserActor | CustomerActor | ApiKeyActor | null;
