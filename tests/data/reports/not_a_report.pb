this is not a report
