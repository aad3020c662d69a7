! race: yes
! Two differently named critical sections do not exclude each other.
program critical_different_names
  implicit none
  integer :: i, hits
  hits = 0
  !$omp parallel do
  do i = 1, 100
    if (mod(i, 2) == 0) then
      !$omp critical (even)
      hits = hits + 1
      !$omp end critical (even)
    else
      !$omp critical (odd)
      hits = hits + 1
      !$omp end critical (odd)
    end if
  end do
  !$omp end parallel do
  print *, hits
end program
