import type { ProductOption } from '@shop/shared/catalog';
import { optionValueState, type OptionValueState } from '@shop/shared/variants';
import { ChoiceGroup } from '../../../components/ui/choice-group';

const HINTS: Record<OptionValueState, string | undefined> = {
  available: undefined,
  soldOut: 'sold out',
  unavailable: 'unavailable',
};

/**
 * One choice group per option of a product of another shape than the spec's. A value that cannot
 * be bought with the others as chosen stays in its place and says why ('sold out', or
 * 'unavailable' for a combination the shop does not sell), to the eye and to screen readers.
 */
export function VariantOptions({
  options,
  variants,
  chosen,
  onChoose,
}: {
  options: readonly ProductOption[];
  variants: readonly { values: readonly string[]; available: number }[];
  chosen: readonly string[];
  onChoose: (index: number, value: string) => void;
}) {
  return (
    <>
      {options.map((option, index) => (
        <ChoiceGroup
          key={option.name}
          legend={option.name}
          name={`option-${index}`}
          value={chosen[index] ?? ''}
          onChange={(value) => onChoose(index, value)}
          choices={option.values.map((value) => ({
            value,
            label: value,
            hint: HINTS[optionValueState(variants, chosen, index, value)],
          }))}
        />
      ))}
    </>
  );
}
