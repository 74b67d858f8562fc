/** Lists of leads: a team's saved companies, their statuses and the CSV export. */
export { ListService } from './listService';
export {
  addLeads,
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
