/*******************************************************************************
 ProductHub licensing for JUCE plugins: the activation controller the AudioProcessor owns, the licence gate its
 audio callback asks and the activation screen, built on client-cpp (../../client-cpp, which verifies every signed document). See docs/juce.md.

 BEGIN_JUCE_MODULE_DECLARATION

  ID:                 producthub_licensing
  vendor:             producthub
  version:            1.0.0
  name:               ProductHub licensing
  description:        Trial, activation (serial, browser, offline), validation and an audio-thread-safe licence gate.
  license:            Proprietary
  minimumCppStandard: 17

  dependencies:       juce_core juce_events juce_gui_basics
  searchpaths:        ../../client-cpp/include
  linuxLibs:          sodium curl

 END_JUCE_MODULE_DECLARATION
*******************************************************************************/
#pragma once
#define PRODUCTHUB_LICENSING_H_INCLUDED

#include <juce_core/juce_core.h>
#include <juce_events/juce_events.h>

#include "producthub/browser-activation.hpp"
#include "producthub/verify.hpp"

#include "gate/producthub_LicenseGate.h"
#include "controller/producthub_LicenseState.h"
#include "controller/producthub_LicenseStore.h"
#include "controller/producthub_ActivationController.h"

// PRODUCTHUB_LICENSING_HEADLESS=1 leaves the screen out: the controller and the gate need only juce_core and juce_events.
#if !PRODUCTHUB_LICENSING_HEADLESS
 #include <juce_gui_basics/juce_gui_basics.h>
 #include "ui/producthub_ActivationComponent.h"
#endif
