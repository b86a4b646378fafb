import { Icon } from '../../../components/ui/icon';
import type { NavMenu } from '../nav-menus';
import { DeferredMenu } from './deferred-menu';

const loadDropdown = () => import('./header-dropdowns').then((module) => module.CategoryDropdown);

const triggerClass =
  'inline-flex items-center gap-1 rounded-full px-2 py-2 text-sm xl:px-3 font-semibold tracking-wider text-ink uppercase hover:text-terracotta-700 data-[state=open]:text-terracotta-700';
/** With a fourth menu (the owner's collections) the triggers take less room, so the header fits. */
const compactTriggerClass =
  'inline-flex items-center gap-0.5 rounded-full px-1 py-2 text-xs xl:px-2 xl:text-sm font-semibold tracking-wide text-ink uppercase hover:text-terracotta-700 data-[state=open]:text-terracotta-700';

/** One desktop category dropdown (Radix: arrow keys, Enter, Escape), loaded when first wanted. */
export function CategoryMenu({ menu, compact = false }: { menu: NavMenu; compact?: boolean }) {
  return (
    <DeferredMenu
      load={loadDropdown}
      props={{ menu }}
      trigger={{
        className: compact ? compactTriggerClass : triggerClass,
        children: (
          <>
            {menu.label}
            <Icon name="chevronDown" className="size-4" />
          </>
        ),
      }}
    />
  );
}
