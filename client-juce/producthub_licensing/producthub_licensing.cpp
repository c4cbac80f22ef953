// The module's one translation unit. client-cpp's sources are compiled in here, so the module verifies with the very
// code client-cpp's vector tests check (docs/licence-file-vectors, docs/client-api-vectors): no second implementation.
#ifdef PRODUCTHUB_LICENSING_H_INCLUDED
 #error "Incorrect use of JUCE cpp file"
#endif

#include "producthub_licensing.h"

#include <ctime>
#include <map>
#include <mutex>

#include "../../client-cpp/src/verify.cpp"
#include "../../client-cpp/src/license-terms.cpp"
#include "../../client-cpp/src/browser-activation.cpp"

#include "controller/producthub_LicenseStore.cpp"
#include "controller/producthub_ActivationController.cpp"

#if !PRODUCTHUB_LICENSING_HEADLESS
 #include "ui/producthub_ActivationComponent.cpp"
#endif
