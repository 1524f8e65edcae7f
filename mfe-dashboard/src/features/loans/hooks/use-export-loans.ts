import { useState } from 'react';
import { type ContainerTypes, type Loan } from '@panel/shared';
import { csvFileName, downloadCsv } from '@panel/shared/page-ui';
import { useAppDispatch } from '@panel/shared/data';

import { loansApi } from '../api/get-loans';
import { loansToCsv } from '../utils/loans-csv';
import { apiParams, type WorklistQuery } from '../utils/worklist-query';

/** The API's largest page: 50,000 loans come in 5 calls. */
export const EXPORT_PAGE = 10_000;

/**
 * Export CSV: every page of what the view shows (filter, search, sort), read
 * afresh from the API, then handed to the browser as one file.
 */
export function useExportLoans() {
  const dispatch = useAppDispatch();
  const [exporting, setExporting] = useState(false);

  const exportLoans = async (query: WorklistQuery, types: ContainerTypes | undefined) => {
    setExporting(true);
    try {
      const loans: Loan[] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const page = await dispatch(
          loansApi.endpoints.getDashboardLoans.initiate(
            { ...apiParams(query), limit: EXPORT_PAGE, offset },
            { subscribe: false, forceRefetch: true },
          ),
        ).unwrap();
        loans.push(...page.items);
        if (page.items.length < EXPORT_PAGE || loans.length >= page.total) break;
      }
      downloadCsv(loansToCsv(loans, types), csvFileName('loans', new Date()));
    } finally {
      setExporting(false);
    }
  };

  return { exportLoans, exporting };
}
