-- Amounts are whole minor units of the site's currency, with the currency's own exponent: ¥30 is 30,
-- not 3000. Until now the settings page multiplied every typed amount by 100, so a site taking a
-- currency without cents (JPY, KRW, …) or with three decimals (KWD, BHD, …) holds its presets, bounds and
-- event goals 100 times too large (or 10 times too small). Donations need nothing: each holds what the
-- gateway charged. The lists are ISO 4217's exponents as Intl gives them.
WITH site AS (
  SELECT CASE
    WHEN upper(settings->>'currency') IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 0.01
    WHEN upper(settings->>'currency') IN ('BHD','JOD','KWD','LYD','OMR','TND') THEN 10
    ELSE 1
  END AS factor
  FROM site_settings WHERE id = 1
),
goals AS (
  UPDATE event SET goal_cents = GREATEST(1, round(goal_cents * site.factor))
  FROM site WHERE site.factor <> 1 AND goal_cents IS NOT NULL
  RETURNING event.id
)
UPDATE site_settings SET settings = settings
  || CASE WHEN settings ? 'minAmount' THEN jsonb_build_object('minAmount', GREATEST(50, round((settings->>'minAmount')::numeric * site.factor))) ELSE '{}'::jsonb END
  || CASE WHEN settings ? 'maxAmount' THEN jsonb_build_object('maxAmount', LEAST(99999999, GREATEST(50, round((settings->>'maxAmount')::numeric * site.factor)))) ELSE '{}'::jsonb END
  || CASE WHEN jsonb_typeof(settings->'donationAmounts') = 'array' THEN jsonb_build_object('donationAmounts',
       (SELECT coalesce(jsonb_agg(amount ORDER BY first), '[]'::jsonb) FROM (
          SELECT amount, min(ordinal) AS first FROM (
            SELECT GREATEST(50, round(value::numeric * site.factor)) AS amount, ordinal
            FROM jsonb_array_elements_text(settings->'donationAmounts') WITH ORDINALITY AS preset(value, ordinal)
          ) AS scaled GROUP BY amount
        ) AS kept))
     ELSE '{}'::jsonb END
FROM site WHERE site_settings.id = 1 AND site.factor <> 1;
