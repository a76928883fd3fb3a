import { Type } from '@sinclair/typebox';
import { IdParams, MessageSchema, PageQuery, pageOf } from '../api/common.ts';
import { ContractBody, ContractSchema, SiteContractSchema } from '../api/contracts.ts';
import { defineRoutes, READ } from '../contract.ts';

/** The contracts register: the customers that stock-outs, channels and device rows name. */
export const contractRoutes = defineRoutes('contracts', {
  'GET /it4u/clientName': {
    access: 'manage',
    summary: 'Customer names of the contracts register, for pickers',
    response: Type.Array(Type.String()),
  },
  'GET /it4u/contract.:x': {
    access: 'manage',
    summary: 'Contracts whose customer name or contract number contains x (at most 50)',
    params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: Type.Array(ContractSchema),
  },
  'POST /it4u/getContractBySitename': {
    access: 'manage',
    audit: READ,
    summary: 'The contract of a site (by its id or description)',
    body: Type.Object({ sitename: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: SiteContractSchema,
    errors: [404],
  },
  'GET /it4u/contracts': {
    access: 'manage',
    summary: 'The contracts register, paged and searchable',
    query: PageQuery,
    response: pageOf(ContractSchema),
  },
  'GET /it4u/contracts/:id': {
    access: 'manage',
    summary: 'One contract',
    params: IdParams,
    response: ContractSchema,
    errors: [404],
  },
  'POST /it4u/contracts': {
    access: 'manage',
    audit: 'contract.create',
    summary: 'Add a contract (contract numbers are unique)',
    body: ContractBody,
    response: ContractSchema,
    status: 201,
    errors: [409],
  },
  'PUT /it4u/contracts/:id': {
    access: 'manage',
    audit: 'contract.update',
    summary: 'Change a contract',
    params: IdParams,
    body: ContractBody,
    response: ContractSchema,
    errors: [404, 409],
  },
  'DELETE /it4u/contracts/:id': {
    access: 'manage',
    audit: 'contract.delete',
    summary: 'Delete a contract (refused while stock-out records use it)',
    params: IdParams,
    response: MessageSchema,
    errors: [404, 409],
  },
});
