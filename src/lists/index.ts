/** Lists of leads: a team's saved companies, their statuses and the CSV export. */
export { ListService } from './listService';
export {
  addLead,
  addLeads,
  addLeadsBulk,
  createList,
  deleteLead,
  deleteList,
  exportList,
  getList,
  listLeads,
  listLists,
  updateLead,
  updateList,
} from './listHandlers';
