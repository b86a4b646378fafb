import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../accounts/repository';
import type { AuditActor } from '../audit/service';

/** The audit's actor of a back-office request: who (as they are now) and from where. */
export function backOfficeActor(user: UserRow, request: FastifyRequest): AuditActor {
  return { user: { id: user.id, email: user.email, name: user.name }, clientAddress: request.ip };
}
