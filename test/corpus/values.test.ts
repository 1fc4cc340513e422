/**
 * The values of the corpus's formulas, rules and defaults on records worked out by hand: each case
 * names an item of test/corpus/<project>/items.json, the record (and the parents its paths read),
 * and what Salesforce answers (the formula reference's rules: blank handling, percent units, text
 * concatenation of blanks, ISPICKVAL, ISCHANGED on update). The clock is 2026-02-01T10:00:00Z.
 */
import { expect, it } from 'vitest'
import type { FormulaEnv, FormulaRecord } from '../../src/replica/formulas/formula-types.js'
import { type CorpusProject, compileItem, corpusApps, corpusItems } from './corpus-schema.js'

interface ValueCase {
  item: string
  record: FormulaRecord
  expected: unknown
  /** Records the paths read, by id. */
  parents?: Record<string, FormulaRecord>
  /** The record before the write (a rule on update). */
  prior?: FormulaRecord
  user?: FormulaRecord
}

const ACCOUNT = '001000000000001'
const HOUSEHOLD = 'a0H000000000001'
const CONTACT = '003000000000001'
const OTHER_CONTACT = '003000000000002'

const NPSP: ValueCase[] = [
  // BlankAsZero: a blank date stays blank, so YEAR of it is blank
  {
    item: 'Account.Membership_Span__c',
    record: { npo02__MembershipEndDate__c: '2026-05-01', npo02__MembershipJoinDate__c: '2020-01-01' },
    expected: 6,
  },
  {
    item: 'Account.Membership_Span__c',
    record: { npo02__MembershipEndDate__c: '2020-12-31', npo02__MembershipJoinDate__c: '2020-01-01' },
    expected: 0,
  },
  {
    item: 'Account.Membership_Span__c',
    record: { npo02__MembershipJoinDate__c: '2020-01-01' },
    expected: null,
  },
  { item: 'Account.Membership_Span__c', record: {}, expected: null },
  // the grace period setting is not given: 30 days
  {
    item: 'Account.Membership_Status__c',
    record: { npo02__MembershipEndDate__c: '2026-03-01' },
    expected: 'Current',
  },
  {
    item: 'Account.Membership_Status__c',
    record: { npo02__MembershipEndDate__c: '2026-02-01' },
    expected: 'Current',
  },
  {
    item: 'Account.Membership_Status__c',
    record: { npo02__MembershipEndDate__c: '2026-01-15' },
    expected: 'Grace Period',
  },
  {
    item: 'Account.Membership_Status__c',
    record: { npo02__MembershipEndDate__c: '2026-01-02' },
    expected: 'Expired',
  },
  {
    item: 'Account.Membership_Status__c',
    record: { npo02__MembershipEndDate__c: '2025-06-30' },
    expected: 'Expired',
  },
  { item: 'Account.Membership_Status__c', record: {}, expected: null },
  {
    item: 'Address__c.Formula_MailingAddress__c',
    record: {
      MailingStreet__c: '1 Main St',
      MailingCity__c: 'Springfield',
      MailingState__c: 'IL',
      MailingPostalCode__c: '62701',
      MailingCountry__c: 'USA',
    },
    expected: '1 Main St<br>Springfield, IL 62701<br>USA',
  },
  {
    item: 'Address__c.Formula_MailingAddress__c',
    record: {
      MailingStreet__c: '1 Main St',
      MailingStreet2__c: 'Apt 2',
      MailingCity__c: 'Springfield',
      MailingState__c: 'IL',
      MailingPostalCode__c: '62701',
    },
    expected: '1 Main St<br>Apt 2<br>Springfield, IL 62701',
  },
  { item: 'Address__c.Formula_MailingAddress__c', record: { MailingState__c: 'IL' }, expected: '<br>IL ' },
  {
    item: 'Address__c.Formula_MailingStreetAddress__c',
    record: { MailingStreet__c: '1 Main St' },
    expected: '1 Main St',
  },
  {
    item: 'Address__c.Formula_MailingStreetAddress__c',
    record: { MailingStreet__c: '1 Main St', MailingStreet2__c: 'Apt 2' },
    expected: '1 Main St, Apt 2',
  },
  {
    item: 'Address__c.Formula_MailingStreetAddress__c',
    record: { MailingStreet2__c: 'Apt 2' },
    expected: ', Apt 2',
  },
  { item: 'Address__c.Formula_MailingStreetAddress__c', record: {}, expected: null },
  {
    item: 'Contact.Address_Verification_Status__c',
    record: { Current_Address__c: 'a0A000000000001' },
    parents: { a0A000000000001: { Verification_Status__c: 'Verified' } },
    expected: 'Verified',
  },
  { item: 'Contact.Address_Verification_Status__c', record: {}, expected: null },
  {
    item: 'Contact.HHId__c',
    record: { AccountId: ACCOUNT, npo02__Household__c: HOUSEHOLD },
    parents: { [ACCOUNT]: { npe01__SYSTEM_AccountType__c: 'Household Account' } },
    expected: `${ACCOUNT}AAA`,
  },
  {
    item: 'Contact.HHId__c',
    record: { AccountId: ACCOUNT, npo02__Household__c: HOUSEHOLD },
    parents: { [ACCOUNT]: { npe01__SYSTEM_AccountType__c: 'One-to-One Individual' } },
    // the checksum: the H of the first five characters is upper case (bit 2: E)
    expected: `${HOUSEHOLD}EAA`,
  },
  { item: 'Contact.HHId__c', record: {}, expected: null },
  {
    item: 'Contact.Primary_Contact__c',
    record: { Id: CONTACT, AccountId: ACCOUNT },
    parents: { [ACCOUNT]: { npe01__One2OneContact__c: CONTACT } },
    expected: true,
  },
  {
    item: 'Contact.Primary_Contact__c',
    record: { Id: CONTACT, AccountId: ACCOUNT },
    parents: { [ACCOUNT]: { npe01__One2OneContact__c: OTHER_CONTACT } },
    expected: false,
  },
  { item: 'Contact.Primary_Contact__c', record: { Id: CONTACT }, expected: false },
  ...(
    [
      ['PENDING', 'Pending'],
      ['CAPTURED', 'Succeeded'],
      ['NONRETRYABLEERROR', 'Failed'],
      ['RETRYABLEERROR', 'Failed'],
      ['DECLINED', 'Declined'],
      ['REFUNDISSUED', 'Succeeded'],
      ['SUBMITTED', 'Submitted'],
      ['SETTLED', 'Succeeded'],
      ['AUTHORIZED', 'Authorized'],
      ['EXPIRED', 'Expired Authorization'],
      ['PAYMENTPROCESSING', 'Pending'],
      ['pending', null],
      ['', null],
    ] as const
  ).map(([status, expected]) => ({
    item: 'DataImport__c.Elevate_Payment_Status__c',
    record: { Payment_Status__c: status },
    expected,
  })),
  {
    item: 'Engagement_Plan__c.Status__c',
    record: { Completed_Tasks__c: 3, Total_EP_Tasks__c: 3 },
    expected: 'Completed',
  },
  {
    item: 'Engagement_Plan__c.Status__c',
    record: { Completed_Tasks__c: 1, Total_EP_Tasks__c: 3 },
    expected: 'In Progress',
  },
  {
    item: 'Engagement_Plan__c.Status__c',
    record: { Completed_Tasks__c: 0, Total_EP_Tasks__c: 3 },
    expected: 'Not Started',
  },
  // treated as zeroes: no tasks of none is complete
  { item: 'Engagement_Plan__c.Status__c', record: {}, expected: 'Completed' },
  {
    item: 'Engagement_Plan__c.Total_EP_Tasks__c',
    record: { Engagement_Plan_Template__c: 'a0T000000000001' },
    parents: { a0T000000000001: { Total_Tasks__c: 7 } },
    expected: 7,
  },
  {
    item: 'Engagement_Plan__c.Total_EP_Tasks__c',
    record: { Engagement_Plan_Template__c: 'a0T000000000001' },
    parents: { a0T000000000001: {} },
    expected: 0,
  },
  { item: 'Error__c.Datetime__c', record: {}, expected: '2026-02-01T10:00:00.000+0000' },
  { item: 'Level__c.Target_Required', record: {}, expected: true },
  { item: 'Level__c.Target_Required', record: { Target__c: 'Account' }, expected: false },
  { item: 'Opportunity.Recurring_Donation_Installment_Name__c', record: {}, expected: null },
  ...(
    [
      ['Open', 12, '(3)'],
      ['Closed', 12, '(3)'],
      // treated as zeroes, a blank number is 0, never blank (ISBLANK is false), as the ISNULL reference says
      ['None', null, '(3 of 0)'],
      ['None', 12, '(3 of 12)'],
      ['', 6, '(3 of 6)'],
    ] as const
  ).map(([status, installments, expected]) => ({
    item: 'Opportunity.Recurring_Donation_Installment_Name__c',
    record: { npe03__Recurring_Donation__c: 'a0R000000000001', Recurring_Donation_Installment_Number__c: 3 },
    parents: {
      a0R000000000001: { npe03__Open_Ended_Status__c: status, npe03__Installments__c: installments },
    },
    expected,
  })),
  {
    item: 'Partial_Soft_Credit__c.Contact_Name__c',
    record: { Contact__c: CONTACT },
    parents: { [CONTACT]: { FirstName: 'Ada', LastName: 'Lovelace' } },
    expected: `<a href="/${CONTACT}" target="_self">Ada Lovelace</a>`,
  },
  {
    item: 'Partial_Soft_Credit__c.Contact_Name__c',
    record: {},
    expected: '<a href="/" target="_self"> </a>',
  },
  { item: 'RecurringDonationSchedule__c.Active__c', record: {}, expected: true },
  {
    item: 'RecurringDonationSchedule__c.Active__c',
    record: { StartDate__c: '2026-01-01', EndDate__c: '2026-12-31' },
    expected: true,
  },
  {
    item: 'RecurringDonationSchedule__c.Active__c',
    record: { StartDate__c: '2026-01-01', EndDate__c: '2026-02-01' },
    expected: true,
  },
  {
    item: 'RecurringDonationSchedule__c.Active__c',
    record: { StartDate__c: '2025-01-01', EndDate__c: '2026-01-31' },
    expected: false,
  },
  {
    item: 'RecurringDonationSchedule__c.Active__c',
    record: { StartDate__c: '2027-01-01', EndDate__c: '2026-12-31' },
    expected: false,
  },
  // a blank start makes the comparison unknown: NOT(unknown) is unknown, AND(true, unknown) too
  { item: 'RecurringDonationSchedule__c.Active__c', record: { EndDate__c: '2026-12-31' }, expected: false },
  { item: 'npe03__Recurring_Donation__c.StartDate__c', record: {}, expected: '2026-02-01' },
  {
    item: 'fflib_AppBinding__mdt.BindObj_Or_BindObjAlt',
    record: { BindingObject__c: 'Account', BindingObjectAlternate__c: 'Contact' },
    expected: true,
  },
  {
    item: 'fflib_AppBinding__mdt.BindObj_Or_BindObjAlt',
    record: { BindingObject__c: 'Account' },
    expected: false,
  },
  { item: 'fflib_AppBinding__mdt.BindObj_Or_BindObjAlt', record: {}, expected: false },
  {
    item: 'fflib_AppBinding__mdt.Require_Interface_Type_For_Services',
    record: { Type__c: 'Service' },
    expected: true,
  },
  {
    item: 'fflib_AppBinding__mdt.Require_Interface_Type_For_Services',
    record: { Type__c: 'Service', InterfaceType__c: 'IService' },
    expected: false,
  },
  {
    item: 'fflib_AppBinding__mdt.Require_Interface_Type_For_Services',
    record: { Type__c: 'Selector' },
    expected: false,
  },
  { item: 'fflib_AppBinding__mdt.SharingMode__c', record: {}, expected: 'With Sharing' },
  { item: 'npe01__Contacts_And_Orgs_Settings__c.Max_Payments__c', record: {}, expected: 12 },
  { item: 'npe01__Contacts_And_Orgs_Settings__c.Advancement_Namespace__c', record: {}, expected: 'gem' },
  { item: 'Rollup__mdt.Active__c', record: {}, expected: true },
  { item: 'Rollup__mdt.Is_Deleted__c', record: {}, expected: false },
]

const COURSE = 'a0C000000000001'
const EDA: ValueCase[] = [
  {
    item: 'Address__c.Formula_MailingAddress__c',
    record: {
      MailingStreet__c: '10 Elm',
      MailingCity__c: 'Boston',
      MailingState__c: 'MA',
      MailingPostalCode__c: '02108',
      MailingCountry__c: 'US',
    },
    expected: '10 Elm<br>Boston, MA 02108<br>US',
  },
  {
    item: 'Address__c.Formula_MailingAddress__c',
    record: { MailingStreet__c: '10 Elm', MailingStreet2__c: 'Suite 5', MailingState__c: 'MA' },
    expected: '10 Elm<br>Suite 5<br>MA ',
  },
  {
    item: 'Address__c.Formula_MailingStreetAddress__c',
    record: {
      MailingStreet__c: '10 Elm',
      MailingCity__c: 'Boston',
      MailingState__c: 'MA',
      MailingPostalCode__c: '02108',
    },
    expected: '10 Elm<br>Boston, MA 02108',
  },
  {
    item: 'Affiliation__c.Affiliation_Type__c',
    record: { Account__c: ACCOUNT },
    parents: {
      [ACCOUNT]: { RecordTypeId: '012000000000001' },
      '012000000000001': { Name: 'Academic Program' },
    },
    expected: 'Academic Program',
  },
  {
    item: 'Affiliation__c.Affiliation_Type__c',
    record: { Account__c: ACCOUNT },
    parents: { [ACCOUNT]: {} },
    expected: null,
  },
  {
    item: 'Attendance_Event__c.Course_Name__c',
    record: { Course_Connection__c: 'a0E000000000001' },
    parents: {
      a0E000000000001: { Course_Offering__c: 'a0O000000000001' },
      a0O000000000001: { Course__c: COURSE },
      [COURSE]: { Name: 'Biology 101' },
    },
    expected: 'Biology 101',
  },
  {
    item: 'Attendance_Event__c.Course_Name__c',
    record: { Course_Connection__c: 'a0E000000000001' },
    parents: { a0E000000000001: {} },
    expected: null,
  },
  { item: 'Attribute__c.Expired__c', record: { End_Date__c: '2026-01-31' }, expected: true },
  { item: 'Attribute__c.Expired__c', record: { End_Date__c: '2026-02-01' }, expected: false },
  { item: 'Attribute__c.Expired__c', record: { End_Date__c: '2027-01-01' }, expected: false },
  { item: 'Attribute__c.Expired__c', record: {}, expected: false },
  {
    item: 'Attribute__c.Field_Of_Study__c',
    record: { Credential__c: 'a0R000000000001' },
    parents: { a0R000000000001: { Field_Of_Study__c: 'Chemistry' } },
    expected: 'Chemistry',
  },
  { item: 'Attribute__c.Field_Of_Study__c', record: {}, expected: null },
  {
    item: 'Behavior_Response__c.Contact__c',
    record: { Behavior_Involvement__c: 'a0B000000000001' },
    parents: {
      a0B000000000001: { Contact__c: CONTACT },
      [CONTACT]: { FirstName: 'Grace', LastName: 'Hopper' },
    },
    expected: `<a href="/${CONTACT}" target="_blank">Grace Hopper</a>`,
  },
  {
    item: 'Contact.Work_Address__c',
    record: {
      Primary_Address_Type__c: 'Work',
      MailingStreet: '1 Infinite Loop',
      MailingCity: 'Cupertino',
      MailingState: 'CA',
      MailingPostalCode: '95014',
      MailingCountry: 'USA',
    },
    expected: '1 Infinite Loop, Cupertino, CA 95014, USA',
  },
  {
    item: 'Contact.Work_Address__c',
    record: {
      Primary_Address_Type__c: 'Home',
      Secondary_Address_Type__c: 'Work',
      OtherCity: 'Austin',
      OtherState: 'TX',
    },
    expected: 'Austin, TX ',
  },
  {
    item: 'Contact.Work_Address__c',
    record: { Primary_Address_Type__c: 'Home', OtherCity: 'Austin' },
    expected: null,
  },
  { item: 'Error__c.Datetime__c', record: {}, expected: '2026-02-01T10:00:00.000+0000' },
  {
    item: 'Relationship__c.Relationship_Explanation__c',
    record: { Contact__c: CONTACT, RelatedContact__c: OTHER_CONTACT, Type__c: 'Father' },
    parents: {
      [CONTACT]: { Salutation: 'Ms.', FirstName: 'Ann', LastName: 'Lee' },
      [OTHER_CONTACT]: { Salutation: 'Mr.', FirstName: 'Bo', LastName: 'Lee' },
    },
    // the formula writes two spaces before the label
    expected: "Mr. Bo Lee  is Ms. Ann Lee's Father",
  },
  { item: 'Relationship__c.Contact_Do_Not_Change', record: { Contact__c: CONTACT }, expected: false },
  {
    item: 'Relationship__c.Contact_Do_Not_Change',
    record: { Contact__c: CONTACT },
    prior: { Contact__c: CONTACT },
    expected: false,
  },
  {
    item: 'Relationship__c.Contact_Do_Not_Change',
    record: { Contact__c: OTHER_CONTACT },
    prior: { Contact__c: CONTACT },
    expected: true,
  },
  {
    item: 'Relationship__c.Related_Contact_Do_Not_Change',
    record: { RelatedContact__c: CONTACT },
    prior: {},
    expected: true,
  },
  { item: 'Relationship__c.Related_Contact_Do_Not_Change', record: {}, prior: {}, expected: false },
  {
    item: 'Test_Score__c.Test_Type__c',
    record: { Test__c: 'a0S000000000001' },
    parents: { a0S000000000001: { Test_Type__c: 'SAT' } },
    expected: 'SAT',
  },
]

const OUTBOUND: ValueCase[] = [
  {
    item: 'Funding_Request__c.Total_Remaining__c',
    record: { Awarded_Amount__c: 1000, Total_Disbursed__c: 250.5, Unpaid_Disbursements__c: 100 },
    expected: 649.5,
  },
  // treated as zeroes
  { item: 'Funding_Request__c.Total_Remaining__c', record: { Awarded_Amount__c: 1000 }, expected: 1000 },
  { item: 'Funding_Request__c.Total_Remaining__c', record: {}, expected: 0 },
  { item: 'Funding_Request__c.Total_Remaining__c', record: { Total_Disbursed__c: 10.125 }, expected: -10.13 },
]

const VOLUNTEERS: ValueCase[] = [
  { item: 'Contact.Unique_Volunteer_Count__c', record: {}, expected: 1 },
  { item: 'Job_Recurrence_Schedule__c.JRS_Days_Of_Week_Required', record: {}, expected: true },
  {
    item: 'Job_Recurrence_Schedule__c.JRS_Days_Of_Week_Required',
    record: { Days_of_Week__c: 'Monday;Friday' },
    expected: false,
  },
  {
    item: 'Job_Recurrence_Schedule__c.JRS_Weekly_Occurrence_Required',
    record: { Weekly_Occurrence__c: '1st' },
    expected: false,
  },
  {
    item: 'Volunteer_Hours__c.Full_Name__c',
    record: { Contact__c: CONTACT },
    parents: { [CONTACT]: { FirstName: 'Ida', LastName: 'Wells' } },
    expected: 'Wells, Ida',
  },
  { item: 'Volunteer_Hours__c.Full_Name__c', record: {}, expected: ', ' },
  {
    item: 'Volunteer_Hours__c.Shift_Start_Date_Time__c',
    record: { Volunteer_Shift__c: 'a0V000000000001' },
    parents: { a0V000000000001: { Start_Date_Time__c: '2026-03-01T15:30:00.000+0000' } },
    expected: '2026-03-01T15:30:00.000+0000',
  },
  {
    item: 'Volunteer_Hours__c.Total_Hours_Worked__c',
    record: { Status__c: 'Completed', Hours_Worked__c: 2.5, Number_of_Volunteers__c: 3 },
    expected: 7.5,
  },
  {
    item: 'Volunteer_Hours__c.Total_Hours_Worked__c',
    record: { Status__c: 'Confirmed', Hours_Worked__c: 2.5, Number_of_Volunteers__c: 3 },
    expected: null,
  },
  // treated as zeroes
  {
    item: 'Volunteer_Hours__c.Total_Hours_Worked__c',
    record: { Status__c: 'Completed', Hours_Worked__c: 2.5 },
    expected: 0,
  },
  {
    item: 'Volunteer_Hours__c.Volunteer_Campaign_Name__c',
    record: { Volunteer_Job__c: 'a0J000000000001' },
    parents: {
      a0J000000000001: { Campaign__c: '701000000000001' },
      '701000000000001': { Name: 'Spring Cleanup' },
    },
    expected: 'Spring Cleanup',
  },
  {
    item: 'Volunteer_Hours__c.Volunteer_Campaign__c',
    record: { Volunteer_Job__c: 'a0J000000000001' },
    parents: { a0J000000000001: { Campaign__c: '701000000000001' } },
    expected: '701000000000001',
  },
  {
    item: 'Volunteer_Hours__c.HoursRequiredOnCompletion',
    record: { Status__c: 'Completed' },
    expected: true,
  },
  {
    item: 'Volunteer_Hours__c.HoursRequiredOnCompletion',
    record: { Status__c: 'Completed', Hours_Worked__c: 0 },
    expected: false,
  },
  {
    item: 'Volunteer_Hours__c.HoursRequiredOnCompletion',
    record: { Status__c: 'Confirmed' },
    expected: false,
  },
  { item: 'Volunteer_Hours__c.StatusMustBeSet', record: {}, expected: true },
  { item: 'Volunteer_Hours__c.StatusMustBeSet', record: { Status__c: 'Web Sign Up' }, expected: false },
  { item: 'Volunteer_Job__c.ValidateExternalSignupUrl', record: {}, expected: false },
  {
    item: 'Volunteer_Job__c.ValidateExternalSignupUrl',
    record: { External_Signup_Url__c: 'https://example.org/join' },
    expected: false,
  },
  {
    item: 'Volunteer_Job__c.ValidateExternalSignupUrl',
    record: { External_Signup_Url__c: 'mailto:help@example.org' },
    expected: false,
  },
  {
    item: 'Volunteer_Job__c.ValidateExternalSignupUrl',
    record: { External_Signup_Url__c: 'www.example.org' },
    expected: true,
  },
  {
    item: 'Volunteer_Job__c.ValidateExternalSignupUrl',
    record: { External_Signup_Url__c: 'ftp://example.org' },
    expected: true,
  },
  {
    item: 'Volunteer_Recurrence_Schedule__c.VRS_Days_of_Week_Required',
    record: { Days_of_Week__c: 'Sunday' },
    expected: false,
  },
  { item: 'Volunteer_Recurrence_Schedule__c.VRS_Weekly_Occurrence_Required', record: {}, expected: true },
  {
    item: 'Volunteer_Shift__c.Job_Location_City__c',
    record: { Volunteer_Job__c: 'a0J000000000001' },
    parents: { a0J000000000001: { Location_City__c: 'Seattle' } },
    expected: 'Seattle',
  },
  {
    item: 'Volunteer_Shift__c.Job_Location_State_Province__c',
    record: { Volunteer_Job__c: 'a0J000000000001' },
    parents: { a0J000000000001: { Location__c: 'WA' } },
    expected: 'WA',
  },
  { item: 'Volunteer_Shift__c.Job_Location_Street__c', record: {}, expected: null },
  {
    item: 'Volunteer_Shift__c.Job_Location_Zip_Postal_Code__c',
    record: { Volunteer_Job__c: 'a0J000000000001' },
    parents: { a0J000000000001: { Location_Zip_Postal_Code__c: '98101' } },
    expected: '98101',
  },
  {
    item: 'Volunteer_Shift__c.Number_of_Volunteers_Still_Needed__c',
    record: { Desired_Number_of_Volunteers__c: 10, Total_Volunteers__c: 4 },
    expected: 6,
  },
  {
    item: 'Volunteer_Shift__c.Number_of_Volunteers_Still_Needed__c',
    record: { Desired_Number_of_Volunteers__c: 10 },
    expected: 10,
  },
  {
    item: 'Volunteer_Shift__c.Number_of_Volunteers_Still_Needed__c',
    record: { Desired_Number_of_Volunteers__c: 3, Total_Volunteers__c: 5 },
    expected: 0,
  },
  // blanks as blanks: MAX of a blank is blank
  {
    item: 'Volunteer_Shift__c.Number_of_Volunteers_Still_Needed__c',
    record: { Total_Volunteers__c: 5 },
    expected: null,
  },
]

const TABLE: Record<CorpusProject, ValueCase[]> = {
  npsp: NPSP,
  eda: EDA,
  'outbound-funds': OUTBOUND,
  volunteers: VOLUNTEERS,
}

it.for(Object.keys(TABLE) as CorpusProject[])(
  '%s: formulas, rules and defaults give the hand-checked values',
  async (project) => {
    const { crm } = await corpusApps(project)
    const items = new Map(corpusItems(project).map((item) => [`${item.object}.${item.name}`, item]))
    const wrong: string[] = []
    for (const { item: key, record, expected, parents = {}, prior, user } of TABLE[project]) {
      const item = items.get(key)
      if (!item) throw new Error(`no item ${key} in the ${project} corpus`)
      const compiled = compileItem(crm.metadata, item)
      if ('unsupported' in compiled) throw new Error(`${key}: ${compiled.unsupported}`)
      const env: FormulaEnv = {
        now: () => new Date('2026-02-01T10:00:00Z'),
        record: (id) => parents[id],
        value: (_object, field, found) => found[field.name] ?? null,
        prior,
        user,
      }
      const result = compiled.evaluate(record, env)
      const value = 'value' in result ? result.value : `error: ${result.error}`
      if (value !== expected)
        wrong.push(
          `${key} on ${JSON.stringify(record)}: ${JSON.stringify(value)}, expected ${JSON.stringify(expected)}`,
        )
    }
    console.log(
      `corpus ${project}: ${TABLE[project].length - wrong.length}/${TABLE[project].length} values as checked by hand`,
    )
    expect(wrong).toEqual([])
  },
)
