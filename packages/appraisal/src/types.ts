export interface AppraisalContext {
  /**
   * Staff premium per commercial keyword category id (see CATEGORIES), 0-100. A name in a
   * category is worth that many percent more; when it is in several, the largest applies.
   * Missing ids fall back to the built-in defaults.
   */
  categoryPercentages?: Record<string, number>;
}

export interface AppraisalType {
  type: string;
  info: string;
  value: number;
}

export type Confidence = 'low' | 'medium' | 'high';

export interface AppraisalResult {
  domain: string;
  tld: string;
  appraised_value: number;
  saw_appraised_value: number;
  saw_appraised_value_formatted: string;
  appraisalTypes: AppraisalType[];
  description: string[];
  availableExtensions: string[];
  manualReviewRequire: boolean;
  range: { low: number; high: number };
  confidence: Confidence;
  signals: Record<string, number | boolean>;
}
