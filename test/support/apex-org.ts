/**
 * The "orders" sample org of the Apex REST tests (test/fixtures/apex): its SFDX package (Order__c
 * with a validation rule, the Order_Placed__e platform event) and the module of its own code.
 */
import { fileURLToPath } from 'node:url'

const here = (path: string) => fileURLToPath(new URL(`../fixtures/apex/${path}`, import.meta.url))

/** Order__c (lookup to Account, unique Order_Number__c, Amount__c > 0 by rule) and Order_Placed__e. */
export const ORDERS_PACKAGE = here('force-app')
/** `apexRest` (POST /orders/v1, GET /orders/v1/:orderNumber) and `invocableActions` (Get_Order_Status). */
export const ORDERS_APEX_MODULE = here('apex-handlers.mjs')
/** The seeded customer the sample orders are placed for (Account.External_Id__c). */
export const CUSTOMER = 'ACME-001'
